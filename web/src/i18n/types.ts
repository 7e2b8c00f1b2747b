/**
 * A locale file's shape with every leaf widened to `string`: `ar/<ns>.ts` is typed
 * `SameShape<typeof en>` so the compiler checks both languages have exactly the same keys.
 */
export type SameShape<T> = { [K in keyof T]: T[K] extends string ? string : SameShape<T[K]> };
