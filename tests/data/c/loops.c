/* Loops for the agreement test with LLVM's mem2reg (tests/test_llvm_mem2reg.c). Values come from
 * opaque calls so that no phi merges equal values (see fastpaths.c for that case). */
int next(int);
void use(int);

int while_sum(int n)
{
	int s = next(0), i = next(1);
	while (i < n) {
		s = s + next(i);
		i = i + 1;
	}
	return s;
}

int nested(int n, int m)
{
	int total = next(0);
	for (int i = 0; i < n; i++) {
		int row = next(i);
		for (int j = 0; j < m; j++) {
			if (next(j) & 1)
				row = row + j;
			else
				total = total - 1;
		}
		total = total + row;
	}
	return total;
}

int do_while(int n)
{
	int k = next(n), acc = next(2);
	do {
		acc = acc * 3 + k;
		k = next(k);
	} while (k > 0);
	return acc;
}

/* Variables live across loops, some modified only in the first. */
int live_across(int n)
{
	int a = next(1), b = next(2), c = next(3);
	for (int i = 0; i < n; i++)
		a = a + next(i);
	while (b < n) {
		b = b + a;
		if (b == c)
			break;
	}
	for (int i = n; i > 0; i--) {
		if (next(i))
			continue;
		c = c ^ b;
	}
	return a + b + c;
}

/* A loop whose only access to x is in its body, read before written. */
void carried(int n)
{
	int x = next(0);
	for (int i = 0; i < n; i++) {
		use(x);
		x = next(x);
	}
}
