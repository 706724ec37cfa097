import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { assertSupportedNode, MINIMUM_NODE_MAJOR } from './runtime.js';

describe('assertSupportedNode', () => {
  it('refuses Node 20 and says what is needed, what was found and how to get it', () => {
    expect(() => assertSupportedNode('20.20.2', '/usr/bin/node')).toThrow(
      /needs Node\.js 24 or newer, but this is Node\.js 20\.20\.2 \(\/usr\/bin\/node\)[\s\S]*`npm ci` installs Node\.js 24[\s\S]*`npm start`/,
    );
    expect(() => assertSupportedNode('v23.11.0')).toThrow(/this is Node\.js v23\.11\.0/);
    expect(() => assertSupportedNode('not a version')).toThrow(/needs Node\.js 24/);
  });

  it('accepts Node 24 and newer', () => {
    expect(() => assertSupportedNode('24.0.0')).not.toThrow();
    expect(() => assertSupportedNode('24.21.0')).not.toThrow();
    expect(() => assertSupportedNode('v26.10.0')).not.toThrow();
  });

  it('accepts the Node running the tests (npm brings Node 24)', () => {
    expect(() => assertSupportedNode()).not.toThrow();
  });

  it('agrees with package.json engines', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    expect(pkg.engines.node).toBe(`>=${MINIMUM_NODE_MAJOR}`);
  });
});
