/**
 * Request targets that name `<base>/<rest>` only after URL parsing, decoding or case folding: the forms a guard
 * reading the raw URL could miss (the auth route tests and the route fuzz send them).
 */
export function craftPaths(rest: string, base = '/api/auth'): string[] {
  const [root = '', ...below] = base.split('/').filter(Boolean);
  const [first = '', ...others] = rest.split('/');
  const tail = others.length > 0 ? `/${others.join('/')}` : '';
  const capitalised = rest
    .split('/')
    .map((segment) => segment.charAt(0).toUpperCase() + segment.slice(1))
    .join('/');
  const escapedFirst = `%${first.charCodeAt(0).toString(16)}${first.slice(1)}`;
  return [
    `${base}/./${rest}`,
    `${base}/%2e/${rest}`,
    `${base}/%2E/${rest}`,
    `${base}/x/../${rest}`,
    `${base}/x/%2e%2e/${rest}`,
    `${base}/x/%2E%2E/${rest}`,
    `${base}/x/.%2e/${rest}`,
    `${base}/x/%252e%252e/${rest}`,
    `${base}/x\\..\\${rest}`,
    `${base}/x/..\\${rest}`,
    `${base}/x\\%2e%2e\\${rest}`,
    `${base}//${rest}`,
    `${base}/${first}//${others.join('/')}`,
    `${base}/${first}/.${tail}`,
    `${base}/${first}%2f${others.join('/')}`,
    `${base}/${first}%2F${others.join('/')}`,
    `${base}/${escapedFirst}${tail}`,
    `${base}/${rest};x=1`,
    `${base}/${first};x=1${tail}`,
    `${base}/${rest}/`,
    `${base}/${rest}/.`,
    `${base}/${rest}#x`,
    `${base}/${capitalised}`,
    `${base}/${rest.toUpperCase()}`,
    `/${root.charAt(0).toUpperCase()}${root.slice(1)}/${below.join('/')}${below.length > 0 ? '/' : ''}${rest}`,
    `${base}/${rest}%00`,
  ];
}
