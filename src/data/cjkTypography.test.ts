import {describe, expect, it} from 'vitest';
import {cjkLatinSpacing, fullWidthPunctuation, lineBreakBetweenCjk, zhTypography, zhTypographyProblems} from './cjkTypography';

describe('Chinese typography', () => {
  it('makes punctuation after or glued to Chinese full-width', () => {
    expect(fullWidthPunctuation('测试运行了五遍,每次只改变一个环节:CNI')).toBe('测试运行了五遍，每次只改变一个环节：CNI');
    expect(fullWidthPunctuation('Amazon EKS:五种配置')).toBe('Amazon EKS：五种配置');
    expect(fullWidthPunctuation('（A→B:CNI;B→C:kube-proxy）变量')).toBe('（A→B：CNI；B→C：kube-proxy）变量');
  });

  it('makes a pair of parentheses full-width when it opens after, encloses or precedes Chinese', () => {
    expect(fullWidthPunctuation('httpbin(两个副本)')).toBe('httpbin（两个副本）');
    expect(fullWidthPunctuation('丢包率 (iperf3) 高')).toBe('丢包率（iperf3）高');
    expect(fullWidthPunctuation('DSR(direct server return)导致')).toBe('DSR（direct server return）导致');
    expect(fullWidthPunctuation('Graviton(m7g、c7g…) 受限')).toBe('Graviton（m7g、c7g…）受限');
    // Latin in Latin context stays as it is.
    expect(fullWidthPunctuation('集群 Cilium (eBPF) 和')).toBe('集群 Cilium (eBPF) 和');
  });

  it('closes full-width a pair opened full-width, and leaves a half-width pair inside it alone', () => {
    expect(fullWidthPunctuation('裸金属（如 m6i.metal、c5.metal)')).toBe('裸金属（如 m6i.metal、c5.metal）');
    expect(fullWidthPunctuation('规则（见 f(x) 与 g(y))')).toBe('规则（见 f(x) 与 g(y)）');
  });

  it('leaves numbers, URLs and text without Chinese alone', () => {
    expect(fullWidthPunctuation('共 1,000 个，10:30 开始，见 https://example.org')).toBe('共 1,000 个，10:30 开始，见 https://example.org');
    expect(fullWidthPunctuation('Cilium, kube-proxy: (iptables)')).toBe('Cilium, kube-proxy: (iptables)');
  });

  it('spaces Chinese from Latin letters and digits, not from full-width punctuation', () => {
    expect(cjkLatinSpacing('使用Cilium的3种模式')).toBe('使用 Cilium 的 3 种模式');
    expect(cjkLatinSpacing('（Cilium）的')).toBe('（Cilium）的');
    expect(zhTypography('VPC-CNI 串联 Cilium,原生路由')).toBe('VPC-CNI 串联 Cilium，原生路由');
  });

  it('is idempotent', () => {
    const once = zhTypography('每次(A→B:CNI)为3个,共1,000个Service');
    expect(zhTypography(once)).toBe(once);
  });

  it('reports each rule it would apply, and line breaks between Chinese characters', () => {
    expect(zhTypographyProblems('五遍,每次').map((p) => p.rule)).toEqual(['half-width-punctuation']);
    expect(zhTypographyProblems('裸金属（如 m6i.metal、c5.metal)').map((p) => p.rule)).toEqual(['half-width-punctuation']);
    expect(zhTypographyProblems('使用Cilium').map((p) => p.rule)).toEqual(['cjk-latin-spacing']);
    expect(zhTypographyProblems('五遍\n  每次').map((p) => p.rule)).toEqual(['line-break-between-cjk']);
    expect(zhTypographyProblems('五遍，每次使用 Cilium。')).toEqual([]);
    expect(lineBreakBetweenCjk('Cilium\n每次')).toBe(-1);
  });
});
