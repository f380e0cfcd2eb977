/* Where LLVM's mem2reg takes its fast paths, folds a phi away, or promotes in a second round. */
int next(int);
void use(int);

/* One store that dominates every load: LLVM rewrites the loads directly (single-store path). */
int single_store(int n)
{
	int x = next(n);
	int s = next(0);
	for (int i = 0; i < n; i++)
		s = s + x;
	return s + x;
}

/* Every access in one block: LLVM's single-block path. */
int single_block(int a)
{
	int t;
	t = next(a);
	use(t);
	t = t + 1;
	return t;
}

/* Equal constants on both sides: pruned SSA needs a phi at the join, LLVM folds phi(1, 1). */
int same_constant(int c)
{
	int x;
	if (c)
		x = 1;
	else
		x = 1;
	return x;
}

/* A constant on one path, undefined on the other: LLVM folds phi(5, undef) to 5. */
int constant_or_undef(int c)
{
	int x;
	if (c)
		x = 5;
	use(c);
	return x;
}

/* x's address is stored into p, so x is not promotable in the input; mem2reg promotes p, after
 * which the accesses through p are plain loads and stores of x, and promotes x next round. */
int pointer_to_local(int c)
{
	int x = next(c);
	int *p = &x;
	if (c)
		*p = next(*p);
	return x;
}
