/* bench: times SSA-construction kernels on generated or loaded CFGs and programs and reports
 * graph statistics, every sample's time with median/min/max, ns per block and edge, counters,
 * memory and the check outcome, as text, CSV or JSON (bench/README.md). The command reads as
 * its run: parse the options, plan the workloads, then for each input (input.c) its workloads
 * (run.c), rows to the report (report.c). */
#include "bench/run.h"
#include "util/status.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

/* The file is kept when every kernel ran to its end (even if a check failed or one was
 * refused): it then holds a complete report. Usage and input errors leave nothing. */
static int finish_out(const struct bench_cli *cli, struct bench_outfile *of, int code,
		      bool complete, bool partial)
{
	char err[600];
	if (!cli->out) {
		if (fflush(stdout) != 0 || ferror(stdout)) {
			fprintf(stderr, "bench: writing to standard output failed\n");
			code = code ? code : BENCH_EXIT_INPUT;
		}
		return code;
	}
	/* partial: --keep-going skipped unreadable inputs; what the others gave is kept. */
	if (complete && (code == BENCH_EXIT_OK || code == BENCH_EXIT_VERIFY ||
			 code == BENCH_EXIT_REFUSED || (partial && code == BENCH_EXIT_INPUT))) {
		if (bench_outfile_commit(of, err, sizeof err)) {
			fprintf(stderr, "bench: --out %s\n", err);
			code = code ? code : BENCH_EXIT_INPUT;
		}
	} else {
		bench_outfile_abort(of);
	}
	return code;
}

int main(int argc, char **argv)
{
	struct bench_cli cli;
	struct bench_plan plan = {0};
	struct bench_sysinfo sys;
	struct bench_outfile of = {0};
	char err[1024];
	if (argc == 2 && !strcmp(argv[1], "--version")) {
		bench_version(stdout);
		return BENCH_EXIT_OK;
	}
	int code = bench_cli_parse(&cli, argc, argv, err, sizeof err);
	if (code)
		goto fail;
	if (cli.help || (cli.algo && !strcmp(cli.algo, "list"))) {
		if (cli.help)
			bench_cli_usage(stdout);
		else
			bench_plan_list(stdout);
		return BENCH_EXIT_OK;
	}
	code = bench_plan_make(&cli, &plan, err, sizeof err);
	if (code)
		goto fail;
	bench_sysinfo_collect(&sys, argc, argv);
	int st = cli.pin != -1 ? bench_pin(&sys, cli.pin, err, sizeof err) : SSA_OK;
	if (st) {
		code = st == SSA_EUSAGE ? BENCH_EXIT_USAGE : BENCH_EXIT_INPUT;
		goto fail;
	}
	/* The output file is opened before the (possibly long) input work so that an unwritable
	 * --out fails at once. */
	if (cli.out && bench_outfile_open(&of, cli.out, err, sizeof err) != SSA_OK) {
		fprintf(stderr, "bench: --out %s\n", err);
		bench_plan_free(&plan);
		return BENCH_EXIT_INPUT;
	}
	code = bench_plan_check_input(&cli, &plan);
	if (code) {
		bench_plan_free(&plan);
		return finish_out(&cli, &of, code, true, false);
	}

	/* With --dump the dump is the product: it goes to --out or stdout, and the report goes
	 * to stdout when the dump has a file, else to stderr. */
	FILE *out_f = cli.out ? of.f : stdout, *dump_f = cli.dump ? out_f : NULL;
	struct bench_report rep = {
		.f = cli.dump ? (cli.out ? stdout : stderr) : out_f,
		.format = cli.format,
		.cli = &cli,
		.sys = &sys,
		.quiet = cli.quiet && cli.dump,
	};
	struct bench_inputs it;
	bool partial = false;
	code = bench_inputs_open(&it, &cli, &rep);
	bool stopped = code != BENCH_EXIT_OK;
	while (!stopped) {
		struct bench_unit u;
		int c = bench_inputs_next(&it, &u, &rep, plan.phi);
		if (c == BENCH_INPUT_END)
			break;
		if (c == BENCH_INPUT_SKIPPED)
			continue;
		if (c) {
			code = c;
			stopped = true;
			break;
		}
		code = bench_run_unit(&cli, &plan, &u, &rep, dump_f, code);
		bench_inputs_end_unit(&it, &u, &rep);
		/* A usage error met on a module (a kernel that cannot run there) ends the run. */
		stopped = it.llvm && code == BENCH_EXIT_USAGE;
	}
	code = bench_inputs_close(&it, &rep, code, &partial);
	bench_plan_free(&plan);
	/* An LLVM IR report is whole whatever stopped it; files are whole when none stopped the
	 * run and, with some skipped, when any was read. */
	bool complete = it.llvm || (!stopped && (!it.nskipped || it.nread > 0));
	return finish_out(&cli, &of, code, complete, partial);
fail:
	fprintf(stderr, "bench: %s\n", err);
	bench_plan_free(&plan);
	return code;
}
