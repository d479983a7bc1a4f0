import {chromium} from '@playwright/test';
import fs from 'node:fs';
const [,, img, out, y, w, h, scale='1'] = process.argv;
fs.writeFileSync('/tmp/crop.html', `<html><body style="margin:0"><img src="file://${img}" style="position:absolute;top:-${y}px;left:0;transform-origin:0 0"></body></html>`);
const b = await chromium.launch({executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--allow-file-access-from-files']});
const p = await b.newPage({viewport: {width: Number(w), height: Number(h)}, deviceScaleFactor: Number(scale)});
await p.goto('file:///tmp/crop.html'); await p.waitForTimeout(300);
await p.screenshot({path: out});
await b.close();
