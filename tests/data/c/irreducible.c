/* goto into a loop: an irreducible CFG (two entries into the cycle). */
int next(int);

int into_loop(int n, int c)
{
	int i = next(0), s = next(1);
	if (c)
		goto inside;
	while (i < n) {
		s = s + i;
inside:
		i = next(i);
		if (s > 1000)
			goto out;
	}
out:
	return s + i;
}

int two_entries(int n)
{
	int a = next(n), b = next(a);
	if (n & 1)
		goto b_part;
a_part:
	a = next(a + b);
	if (a < 0)
		return a;
b_part:
	b = next(b - a);
	if (b > 0)
		goto a_part;
	return a + b;
}
