/* The loop with an if inside (loop_if.prog), as C: tools/ssalab show tools/examples/loop_if.c
 * compiles it with clang at -O0, imports the IR and shows it with the C names (i, x, t; n.addr
 * is the parameter's stack slot). */
int loop_if(int n)
{
	int i = 0, x = 0, t;
	while (i < n) {
		if (i & 1) {
			t = x + i;
			x = t;
		} else {
			x = x - 1;
		}
		i = i + 1;
	}
	return x;
}

int twice(int n)
{
	return loop_if(n) + loop_if(n + 1);
}
