#!/usr/bin/env node
// Drives a headless Chromium over the book that `onnxsem book` wrote (docs/book.md):
//
//   node check-book.js BOOK_DIR --operator NAME [--chromium PATH] [--screenshot FILE] [--deadline SECONDS]
//   node check-book.js --probe            (exit 0 when puppeteer-core loads)
//
// Checks that every page loads with no console error, no script error and no failed request; that every
// link between pages is relative and reaches an existing file, and its #anchor an element of that page;
// that the index's search box finds the operator NAME and its result opens the operator's page; and that a
// clause on that page links to a code site and to a unit test whose lines link back to the clause.
// Exit 0 when all holds, 1 with the problems otherwise, 3 when Chromium cannot be started (the caller skips).
// Every step has a time limit (a page 30 s, a call into the browser 30 s), and the whole check gives up
// with exit 1 after --deadline seconds (300), Chromium killed, so that a stuck browser never hangs the test.
'use strict';
const fs = require('fs');
const path = require('path');
const { pathToFileURL, fileURLToPath } = require('url');

if (process.argv[2] === '--probe') {
  require('puppeteer-core');
  process.exit(0);
}

function parseArgs(argv) {
  const a = { dir: null, operator: null, chromium: process.env.CHROMIUM || '/usr/bin/chromium', screenshot: null,
              deadline: 300 };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--operator') a.operator = argv[++i];
    else if (argv[i] === '--chromium') a.chromium = argv[++i];
    else if (argv[i] === '--screenshot') a.screenshot = argv[++i];
    else if (argv[i] === '--deadline') a.deadline = Number(argv[++i]);
    else a.dir = argv[i];
  }
  if (!a.dir || !a.operator || !(a.deadline > 0)) {
    console.error('usage: check-book.js BOOK_DIR --operator NAME [--chromium PATH] [--screenshot FILE] [--deadline SECONDS]');
    process.exit(2);
  }
  a.dir = path.resolve(a.dir);
  return a;
}

function htmlFiles(dir) {
  const out = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...htmlFiles(p));
    else if (e.name.endsWith('.html')) out.push(p);
  }
  return out.sort();
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const puppeteer = require('puppeteer-core');
  const problems = [];
  const problem = (text) => { if (problems.length < 200) problems.push(text); };

  let browser;
  const kill = () => {
    try { if (browser && browser.process()) browser.process().kill('SIGKILL'); } catch (e) { /* already gone */ }
  };
  setTimeout(() => {
    console.log(`check-book.js: gave up after ${args.deadline} s (at ${current || 'the start'}); problems so far:`);
    for (const p of problems) console.log(`problem: ${p}`);
    kill();
    process.exit(1);
  }, args.deadline * 1000);
  let current = '';
  // With Chromium's sandbox first, then without it: root, and containers without user namespaces, cannot
  // start the sandbox, and the pages checked are the book's own files.
  const flags = ['--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-extensions'];
  const attempts = process.getuid && process.getuid() === 0 ? [['--no-sandbox']] : [[], ['--no-sandbox']];
  let failure = '';
  for (const extra of attempts) {
    try {
      browser = await puppeteer.launch({ executablePath: args.chromium, headless: true, args: flags.concat(extra),
                                         timeout: 60000, protocolTimeout: 30000 });
      break;
    } catch (e) {
      failure = String(e.message).split('\n')[0];
    }
  }
  if (!browser) {
    console.log(`chromium cannot be started (${args.chromium}): ${failure}`);
    process.exit(3);
  }
  const version = await browser.version();
  const page = await browser.newPage();
  page.setDefaultTimeout(30000);
  page.setDefaultNavigationTimeout(30000);
  page.on('console', (m) => { if (m.type() === 'error') problem(`${current}: console error: ${m.text()}`); });
  page.on('pageerror', (e) => problem(`${current}: script error: ${e.message}`));
  page.on('requestfailed', (r) => problem(`${current}: request failed: ${r.url()} (${r.failure() && r.failure().errorText})`));

  // Every page: loads, and what it links to and which ids it has.
  const files = htmlFiles(args.dir);
  const ids = new Map();    // file -> Set of ids
  const links = [];         // [from file, href]
  const started = Date.now();
  for (const f of files) {
    current = path.relative(args.dir, f);
    try {
      await page.goto(pathToFileURL(f).href, { waitUntil: 'load', timeout: 30000 });
    } catch (e) {
      problem(`${current}: does not load: ${e.message}`);
      continue;
    }
    const info = await page.evaluate(() => ({
      title: document.title,
      main: !!document.querySelector('main'),
      ids: Array.from(document.querySelectorAll('[id]'), (e) => e.id),
      hrefs: Array.from(document.querySelectorAll('a[href], link[href]'), (e) => e.getAttribute('href'))
        .concat(Array.from(document.querySelectorAll('script[src], img[src]'), (e) => e.getAttribute('src'))),
    }));
    if (!info.title || !info.main) problem(`${current}: no title or no <main>`);
    ids.set(f, new Set(info.ids));
    for (const h of info.hrefs) links.push([f, h]);
  }
  const loadSeconds = (Date.now() - started) / 1000;

  // Every internal link: relative, to an existing file, to an existing anchor.
  let internal = 0, anchors = 0, external = 0;
  for (const [from, href] of links) {
    const where = path.relative(args.dir, from);
    if (/^(https?:|mailto:|data:)/.test(href)) { external++; continue; }
    if (/^(\/|file:|[a-z]+:)/i.test(href)) { problem(`${where}: link not relative: ${href}`); continue; }
    internal++;
    const hash = href.indexOf('#');
    const file = hash < 0 ? href : href.slice(0, hash);
    const anchor = hash < 0 ? '' : decodeURIComponent(href.slice(hash + 1));
    const target = file === '' ? from : path.resolve(path.dirname(from), decodeURIComponent(file));
    if (!target.startsWith(args.dir + path.sep)) { problem(`${where}: link leaves the book: ${href}`); continue; }
    if (!fs.existsSync(target)) { problem(`${where}: broken link: ${href}`); continue; }
    if (anchor) {
      anchors++;
      const known = ids.get(target);
      if (!known) problem(`${where}: anchor into a page that was not loaded: ${href}`);
      else if (!known.has(anchor)) problem(`${where}: no element #${anchor} in ${path.relative(args.dir, target)}`);
    }
  }

  // The search box finds the operator, and its result opens the operator's page.
  current = 'index.html (search)';
  await page.goto(pathToFileURL(path.join(args.dir, 'index.html')).href, { waitUntil: 'load' });
  let opened = '';
  try {
    await page.type('#search', args.operator);
    await page.waitForFunction(() => document.querySelectorAll('#results li').length > 0, { timeout: 10000 });
    const hit = await page.evaluateHandle((name) => Array.from(document.querySelectorAll('#results a'))
      .find((a) => a.textContent === name), args.operator);
    const element = hit.asElement();
    if (!element) problem(`search: no result named ${args.operator}`);
    else {
      await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), element.click()]);
      opened = fileURLToPath(page.url());
      if (path.relative(args.dir, opened) !== path.join('op', `${args.operator}.html`))
        problem(`search: the result for ${args.operator} opened ${opened}`);
    }
  } catch (e) {
    problem(`search: no result for ${args.operator}: ${e.message}`);
  }

  // A clause on the operator's page links to its code site and to a unit test; both lines link back.
  let clause = '';
  if (opened) {
    current = path.relative(args.dir, opened);
    const found = await page.evaluate(() => {
      for (const c of document.querySelectorAll('div.clause')) {
        const hrefs = Array.from(c.querySelectorAll('a[href]'), (a) => a.href);
        const code = hrefs.find((h) => /\/src\/.*\.html#L\d+$/.test(h) && !/\.test\.cpp\.html#/.test(h));
        const test = hrefs.find((h) => /\.test\.cpp\.html#L\d+$/.test(h));
        if (code && test) return { id: c.id, code, test };
      }
      return null;
    });
    if (!found) problem(`${current}: no clause with a link to a code site and to a test`);
    else {
      clause = found.id;
      for (const [what, url] of [['code site', found.code], ['test', found.test]]) {
        current = `${clause}'s ${what}`;
        await page.goto(url, { waitUntil: 'load' });
        const line = url.slice(url.indexOf('#') + 1);
        const back = await page.evaluate((line, id) => {
          const l = document.getElementById(line);
          return !!l && Array.from(l.querySelectorAll('a[href]')).some((a) => a.getAttribute('href').endsWith('#' + id));
        }, line, clause);
        if (!back) problem(`${clause}: the ${what} ${url} has no line ${line} linking back to the clause`);
      }
    }
  }

  if (args.screenshot && opened) {
    await page.setViewport({ width: 1000, height: 760 });
    await page.goto(pathToFileURL(opened).href, { waitUntil: 'load' });
    await page.screenshot({ path: args.screenshot, type: 'png' });
  }
  // Closing may hang when Chromium is stuck: 10 s, then it is killed.
  await Promise.race([browser.close(), new Promise((done) => setTimeout(done, 10000))]);
  kill();

  console.log(`${version}: ${files.length} pages loaded in ${loadSeconds.toFixed(1)} s; ${internal} internal links ` +
              `(${anchors} with an anchor) checked, ${external} external ignored; search found ${args.operator}: ` +
              `${opened ? 'yes' : 'no'}; clause ${clause || '-'} links to its code site and test and back: ` +
              `${clause && !problems.some((p) => p.startsWith(clause + ':')) ? 'yes' : 'no'}`);
  for (const p of problems) console.log(`problem: ${p}`);
  console.log(problems.length ? `${problems.length} problems` : 'no problems');
  process.exit(problems.length ? 1 : 0);
}

main().catch((e) => {
  console.log(`check-book.js: ${e.stack || e}`);
  process.exit(1);
});
