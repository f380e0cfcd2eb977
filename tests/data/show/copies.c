/* Copies and constants: what each definition stores shows in the views (c = a, d = 7). */
int copies(int n)
{
	int a = 1, b = 2, c, d;
	if (n > 0)
		c = a;
	else
		c = b;
	d = 7;
	return c + d;
}
