// The outcome of a check or a parse that can fail in an expected way: `ok` tells which, and the
// other fields are the value or what went wrong, named for what they are (`path`, `message`).

/** A success carrying the fields of `T`. */
export type Ok<T extends object> = { readonly ok: true } & Readonly<T>;

/** A failure carrying the fields of `E`; by default a message for the user. */
export type Failed<E extends object = { message: string }> = { readonly ok: false } & Readonly<E>;

export type Result<T extends object, E extends object = { message: string }> = Ok<T> | Failed<E>;
