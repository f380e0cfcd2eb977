/* Branches for the agreement test: early returns, switch with fall-through, variables defined on
 * some paths only, dead code after return, address-taken variables (not promoted). */
int next(int);
void use(int);
void take(int *);

int early(int x)
{
	int r = next(x);
	if (x < 0)
		return r;
	if (x == 0) {
		r = next(r);
		return r + 1;
	}
	r = next(r + 2);
	if (r > 100)
		return 0;
	return r;
}

int fallthrough(int k)
{
	int v = next(0), w = next(1);
	switch (k) {
	case 0:
		v = next(v);
		/* fall through */
	case 1:
		w = next(w);
		/* fall through */
	case 2:
		v = v + w;
		break;
	case 7:
		w = next(k);
		break;
	default:
		v = next(v * 2);
	}
	return v - w;
}

int some_paths(int c, int d)
{
	int x, y;
	if (c)
		x = next(c);
	if (d)
		y = next(d);
	else
		y = next(-d);
	use(y);
	return x;
}

int dead_after_return(int a)
{
	int t = next(a);
	return t;
	t = next(t); /* unreachable */
	use(t);
	return t;
}

/* clang emits phis of its own at -O0 for ?: and &&: they are not mem2reg's and not compared. */
int conditional_ops(int a, int b)
{
	int m = next(a), z = next(b);
	for (int i = 0; i < a; i++) {
		m = m > i ? m : next(i);
		if (m && z)
			z = next(z);
	}
	return (m < z ? m : z) + (a || b);
}

int address_taken(int a)
{
	int kept = next(a), promoted = next(a + 1);
	take(&kept);
	if (a)
		promoted = kept;
	return promoted;
}
