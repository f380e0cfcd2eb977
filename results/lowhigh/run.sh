#!/usr/bin/env bash
# Regenerates cost.tsv: lowhigh-cost on every family at 10^4, 10^5 and 10^6 blocks, forward and
# reversed (itworst by blocks as the others). Run from the project root after tools/ssalab build.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
bin=build/release/lowhigh-cost
out=results/lowhigh/cost.tsv
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
printf 'family\tdirection\tn\tm\tdfs_ms\torder_ms\tcascade_ms\tcertify_ms\torder_x_dfs\tcascade_x_dfs\tcertify_x_dfs\tgroups\ttqueries_per_child\tinstances\tlevels_per_child\tmax_level\treads_per_word\tfallback_groups\n' >"$tmp"
families=$(build/release/gen --list | awk '{print $1}')
for n in 1e4 1e5 1e6; do
	for f in $families; do
		for dir in "" --reverse; do
			# shellcheck disable=SC2086
			$bin $dir "$f" "$n" 1 5 >>"$tmp"
		done
	done
done
mv "$tmp" "$out"
trap - EXIT
