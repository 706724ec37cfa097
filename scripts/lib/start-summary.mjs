// `npm start` in a terminal: the server's JSON log lines read as a short summary (where the shop is, the demo
// logins, what is off and how to turn it on), then one short line per later entry. Elsewhere (a pipe, a file,
// production) the JSON lines pass through untouched for a log collector.

const LEVELS = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };

function parse(line) {
  if (!line.startsWith('{')) return null;
  try {
    return JSON.parse(line);
  } catch {
    return null;
  }
}

function table(rows) {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  return rows.map((row) => `  ${row.map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]))).join('   ')}`);
}

/** The summary printed once the server says it is open. */
export function summaryLines({ url, database }, demoAccounts, offFeatures) {
  const lines = ['', `Partsmith is open at ${url}  (${database} database)`, ''];
  if (demoAccounts.length > 0) {
    const fresh = demoAccounts.some((account) => account.password);
    lines.push(fresh ? 'Demo logins (the password is shown this once; set DEMO_PASSWORD to choose it):' : 'Demo logins:');
    lines.push(...table(demoAccounts.map(({ role, email, password }) => [role, email, password ? `password ${password}` : '(password printed when it was created)'])));
    lines.push('');
  }
  if (offFeatures.length > 0) {
    lines.push('Off on this install, and how to turn it on:');
    lines.push(...table(offFeatures.map(({ feature, now, turnOn }) => [feature, now, turnOn])));
    lines.push('');
  }
  lines.push('Settings: README.md#configuration · Ctrl-C stops the shop. Log:');
  return lines;
}

/** One log entry on one line: the time, the level when it is not info, the message (a request as method, path, status, time). */
export function shortLine(entry) {
  const time = new Date(entry.time ?? Date.now()).toTimeString().slice(0, 8);
  const level = (entry.level ?? 30) === 30 ? '' : `${LEVELS[entry.level] ?? entry.level}: `;
  const request = entry.msg === 'request' && entry.method ? `${entry.method} ${entry.url} ${entry.statusCode} ${Math.round(entry.responseTime ?? 0)} ms` : null;
  const error = entry.err?.message ? ` (${entry.err.message})` : '';
  return `${time}  ${level}${request ?? entry.msg ?? ''}${error}`;
}

/** Turns the server's log lines into what a person reads; `write` gets whole lines. */
export function terminalLog(write) {
  const demoAccounts = [];
  const offFeatures = [];
  let open = false;
  return (line) => {
    const entry = parse(line);
    if (!entry) return write(line);
    if (entry.demoAccount) return demoAccounts.push(entry.demoAccount);
    if (entry.off && !open) return offFeatures.push(entry.off);
    if (entry.open && !open) {
      open = true;
      return summaryLines(entry.open, demoAccounts, offFeatures).forEach((text) => write(text));
    }
    return write(shortLine(entry));
  };
}
