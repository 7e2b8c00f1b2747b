/**
 * Whether an address is this machine: 127.0.0.0/8 or ::1, also as an IPv4-mapped IPv6 address
 * (`::ffff:127.0.0.1`, how Express reports IPv4 peers on a dual-stack socket) or a URL's bracketed
 * IPv6 host (`[::1]`).
 */
export function isLoopbackAddress(address: string): boolean {
  const bare = address.toLowerCase().replace(/^\[(.*)\]$/, "$1").replace(/^::ffff:/, "");
  return bare === "::1" || /^127(\.\d{1,3}){3}$/.test(bare);
}
