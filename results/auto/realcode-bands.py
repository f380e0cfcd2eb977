#!/usr/bin/env python3
"""Sum bench --csv CPU medians per size band: each kernel / dfs, auto / the best other kernel.
Usage: realcode-bands.py LANG=a.csv,b.csv ... (one bench --in DIR --csv run per corpus)."""
import csv, sys, collections
BANDS = [(1,1),(2,4),(5,8),(9,16),(17,32),(33,64),(65,128),(129,256),(257,1024),(1025,3500),(3501,10**9)]
def band(n):
    for lo, hi in BANDS:
        if lo <= n <= hi:
            return f"{lo}-{hi}" if lo != hi else str(lo)
def main():
    # args: LANG=file1,file2 ...
    for arg in sys.argv[1:]:
        lang, files = arg.split("=", 1)
        t = collections.defaultdict(lambda: collections.defaultdict(float))
        cnt = collections.Counter()
        algos = []
        for f in files.split(","):
            for r in csv.DictReader(open(f)):
                if r["status"] != "ok" or not r["function"]:
                    continue
                a = r["algo"]
                if a not in algos:
                    algos.append(a)
                b = band(int(r["n"]))
                ms = float(r["cpu_median_ms"])
                t[b][a] += ms
                t["all"][a] += ms
                if a == "dfs":
                    cnt[b] += 1; cnt["all"] += 1
        kern = [a for a in algos if a not in ("dfs",)]
        print(f"## {lang}")
        print("| band | functions | " + " | ".join(f"{a}/dfs" for a in kern) + " | auto/best |")
        for b in [band(lo) for lo, _ in BANDS] + ["all"]:
            if b not in t:
                continue
            d = t[b]["dfs"]
            best = min(t[b][a] for a in kern if a != "auto")
            print(f"| {b} | {cnt[b]} | " + " | ".join(f"{t[b][a]/d:.2f}" for a in kern)
                  + f" | {t[b]['auto']/best:.2f} |")
main()
