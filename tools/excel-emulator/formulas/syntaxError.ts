// The error for formula text Excel would refuse to enter.

/** Thrown for text that is not a formula Excel would accept. */
export class FormulaSyntaxError extends Error {}
