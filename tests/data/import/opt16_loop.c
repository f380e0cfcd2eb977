int f(int n) {
	int x = 0;
	for (int i = 0; i < n; i++) {
		if (i & 1)
			x += i;
		else
			x -= 1;
	}
	return x;
}
