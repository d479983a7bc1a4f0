import {describe, expect, it} from 'vitest';
import {fixProseLine, fixZhMdx, fixZhMessages} from './zh-fix';

const PAGE = `---
title: "Amazon EKS:VPC CNI 与 Cilium 对比"
source_hash: abc
---

import eks from '@bench-data/eks-cni';

## 概要

我们把同一组测试运行了五遍,
每次只改变一个环节(见 <Delta data={eks} metric="pod_rtt" where={{stat: 'p50'}} from="A" to="E" />)。

:::info 关于数值
以下数值读取自数据集:见 \`static/data/eks-cni/2026-02-09.json\`。
:::

\`\`\`bash
echo "不改,这里是代码:a"
\`\`\`

- 第一项:A
- 第二项:B
`;

describe('zh fixer', () => {
  const fixed = fixZhMdx(PAGE);

  it('fixes prose and front matter values', () => {
    expect(fixed).toContain('title: "Amazon EKS：VPC CNI 与 Cilium 对比"');
    expect(fixed).toContain('我们把同一组测试运行了五遍，每次只改变一个环节（见 <Delta');
    expect(fixed).toContain('/>）。');
    expect(fixed).toContain('以下数值读取自数据集：见 `static/data/eks-cni/2026-02-09.json`。');
    expect(fixed).toContain('- 第一项：A\n- 第二项：B');
  });

  it('leaves code, imports, JSX attributes, admonition fences and headings alone', () => {
    expect(fixed).toContain(`import eks from '@bench-data/eks-cni';`);
    expect(fixed).toContain(`where={{stat: 'p50'}}`);
    expect(fixed).toContain('echo "不改,这里是代码:a"');
    expect(fixed).toContain(':::info 关于数值\n以下');
    expect(fixed).toContain('## 概要\n');
  });

  it('is idempotent', () => {
    expect(fixZhMdx(fixed)).toBe(fixed);
  });

  it('keeps {placeholders} of messages and spaces them from Chinese', () => {
    expect(fixZhMessages({a: {message: '最低为 {scenario}:{change}'}, b: {message: '{count}个节点'}})).toEqual({
      a: {message: '最低为 {scenario}：{change}'},
      b: {message: '{count} 个节点'},
    });
    expect(fixProseLine('no Chinese, here: (kept)')).toBe('no Chinese, here: (kept)');
  });

  it('spaces Chinese from Latin across an element tag, and adds nothing next to a tag alone', () => {
    expect(fixProseLine('<p>中文说明</p>')).toBe('<p>中文说明</p>');
    expect(fixProseLine('使用<strong>Cilium</strong>时')).toBe('使用 <strong>Cilium</strong> 时');
    expect(fixProseLine('共<Metric id="x" />个')).toBe('共 <Metric id="x" /> 个');
    expect(fixProseLine('见<a href="/x">文档</a>和`kubectl`')).toBe('见<a href="/x">文档</a>和 `kubectl`');
  });
});
