/**
 * The Node.js check the server runs at start: `assertSupportedNode()` throws, on a Node older than 24,
 * an Error saying which version is needed, which was found and how to get it (`npm ci` brings Node 24).
 * Written once, in plain JavaScript that parses on any Node, and shared with the npm scripts.
 */
export { assertSupportedNode, MINIMUM_NODE_MAJOR } from '../../scripts/lib/require-node.mjs';
