// Stands in for Axios#request's body, which adds the caller's stack to an error's: the portal's calls reject only
// with the client's ApiError, whose stack nothing reads, so the request is made as axios makes it, without that.
export function requestWithoutCallerStack(configOrUrl, config) {
  return this._request(configOrUrl, config);
}
