# csvsplit(line, f): one CSV line's fields into f[1..n], returning n. A quoted field may hold
# commas and doubled quotes; no line breaks inside a field (bench's CSV has none). The one copy
# the awk programs of tools/ share: a script reads this file into a variable and puts it before
# its own program text:
#   csv_awk=$(<"$(dirname "${BASH_SOURCE[0]}")/lib/csv.awk"); awk "$csv_awk"'...'
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
