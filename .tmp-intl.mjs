import {chromium} from '@playwright/test';
const code = () => ['en','ko','zh'].map(l => [l, new Intl.DateTimeFormat(l, {year:'numeric',month:'long',day:'numeric',timeZone:'UTC'}).format(Date.UTC(2026,5,1)), new Intl.NumberFormat(l,{maximumFractionDigits:1, minimumFractionDigits:1, signDisplay:'exceptZero'}).format(-86.1), new Intl.NumberFormat(l).format(115434), new Intl.NumberFormat(l,{maximumFractionDigits:1}).format(2.27)].join(' | ')).join('\n');
console.log('node:\n' + code());
const b = await chromium.launch({executablePath: '/usr/bin/chromium', args: ['--no-sandbox']});
const p = await b.newPage();
console.log('chromium:\n' + await p.evaluate(code));
await b.close();
