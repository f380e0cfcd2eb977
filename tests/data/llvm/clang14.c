/* Input for tests/test_llvm_today.c, compiled by clang-14 (LLVM 14, typed pointers). */
int pick(int *p, int n)
{
	int best = 0;
	for (int i = 0; i < n; i++)
		if (p[i] > best)
			best = p[i];
	return best;
}
