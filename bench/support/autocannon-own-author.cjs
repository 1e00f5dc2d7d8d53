/* global module */
/**
 * An autocannon `setupClient` for its worker threads (which take functions only as files): each connection
 * sends, again and again, the request of its own author from `initialContext.authors` ({ method, path,
 * headers, body }), so authors write at once without two connections writing the same paragraph.
 */
let nextAuthor = 0;

module.exports = function ownAuthor(client) {
  const { authors } = client.opts.initialContext;
  client.requestIterator.setRequests([authors[nextAuthor++ % authors.length]]);
};
