/* Status codes returned by library functions. The library never prints or exits; the
 * commands (bench, gen) turn these into messages and exit codes. */
#ifndef SSALAB_STATUS_H
#define SSALAB_STATUS_H

enum ssa_status {
	SSA_OK = 0,
	SSA_ENOMEM,   /* an allocation failed */
	SSA_ETOOBIG,  /* a size overflows 32-bit ids, size_t, or the memory limit */
	SSA_EINPUT,   /* malformed input (the error record says where) */
	SSA_EIO,      /* the operating system refused a read or write */
	SSA_EVERIFY,  /* a result failed verification */
	SSA_EUSAGE,   /* an argument out of the documented range */
	SSA_EBUDGET,  /* a step or time budget ran out (used internally, e.g. by auto) */
};

const char *ssa_status_str(int status);

#endif
