#!/usr/bin/env bash
# Braun et al. against the best pipeline on real code: for each code base of the corpus
# (tools/corpus), one bench run per method over every function, CPU time per function.
#   results/beyond/realcode-construct.sh BENCH CORPUS_DIR OUT_DIR
# Writes OUT_DIR/real-<codebase>-{braun,pruned,minimal}.csv (bench's CSV, one row per function
# and kernel or pipeline stage), and prints per code base the sums of cpu_median_ms over the
# functions present in all three (pipelines need variables: functions without any are left
# out) -- results/beyond/realcode-construct.csv.
set -eu
b=$1 corpus=$2 out=$3
mkdir -p -- "$out"
common=(--reps=3 --min-time=0.0002 --no-check --csv)
for cb in lz4 treesitter sqlite; do
	"$b" --in "$corpus/$cb" --algo=braun,braun-noscc "${common[@]}" >"$out/real-$cb-braun.csv"
	for fl in pruned minimal; do
		"$b" --in "$corpus/$cb" --pipeline=auto,phi-dj,rename-stack --flavor=$fl "${common[@]}" \
			>"$out/real-$cb-$fl.csv"
	done
done
echo "codebase,functions,blocks,braun_cpu_ms,braun_noscc_cpu_ms,pipeline_pruned_cpu_ms,pipeline_minimal_cpu_ms"
for cb in lz4 treesitter sqlite; do
	awk -v cb="$cb" '
	function csvsplit(line, f,    n, i, c, q, cur) {
		n = 0; cur = ""; q = 0
		for (i = 1; i <= length(line); i++) {
			c = substr(line, i, 1)
			if (q) {
				if (c == "\"") { if (substr(line, i + 1, 1) == "\"") { cur = cur "\""; i++ } else q = 0 }
				else cur = cur c
			} else if (c == "\"") q = 1
			else if (c == ",") { f[++n] = cur; cur = "" }
			else cur = cur c
		}
		f[++n] = cur
		return n
	}
	FNR == 1 { file++; delete h; nh = csvsplit($0, hf); for (i = 1; i <= nh; i++) h[hf[i]] = i; next }
	{
		csvsplit($0, f)
		k = f[h["input"]] SUBSEP f[h["function"]]
		if (f[h["status"]] != "ok") { bad[k] = 1; next }
		t = f[h["cpu_median_ms"]]
		if (file == 1 && f[h["algo"]] == "braun") { B[k] = t; N[k] = f[h["n"]] }
		else if (file == 1) NB[k] = t
		else if (file == 2) P[k] += t
		else M[k] += t
	}
	END {
		for (k in B) if ((k in NB) && (k in P) && (k in M) && !(k in bad)) {
			c++; n += N[k]; b += B[k]; nb += NB[k]; p += P[k]; m += M[k]
		}
		printf "%s,%d,%d,%.3f,%.3f,%.3f,%.3f\n", cb, c, n, b, nb, p, m
	}' "$out/real-$cb-braun.csv" "$out/real-$cb-pruned.csv" "$out/real-$cb-minimal.csv"
done
