// C++ with exceptions for tests/test_llvm_parity.c: invoke, landingpad and resume edges, and
// variables live across them.
#include <stdexcept>
#include <string>
#include <vector>

int parse(const std::string &s)
{
	int sign = 1, v = 0;
	for (char c : s) {
		if (c == '-')
			sign = -sign;
		else if (c >= '0' && c <= '9')
			v = v * 10 + (c - '0');
		else
			throw std::invalid_argument(s);
	}
	return sign * v;
}

int total(const std::vector<std::string> &xs)
{
	int sum = 0, bad = 0;
	for (const auto &x : xs) {
		try {
			sum += parse(x);
		} catch (const std::invalid_argument &) {
			bad++;
			if (bad > 3)
				throw;
		}
	}
	return bad ? -sum : sum;
}

struct guard {
	int *count;
	~guard() { ++*count; }
};

int cleanup(const std::vector<std::string> &xs, int *count)
{
	int last = 0;
	for (const auto &x : xs) {
		guard g{count};
		last = x.empty() ? last : parse(x);
	}
	return last;
}
