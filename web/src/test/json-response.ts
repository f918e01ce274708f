/** A fetch Response carrying `body` as JSON, for stubbing the API in page tests. */
export function buildJsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
