import current from './2026-11-21.json';
export const manifest = {"suite":"local","title":{"en":"Single-host network namespaces: veth baseline and iptables chain length","ko":"단일 호스트 네트워크 네임스페이스: veth 기준선과 iptables 체인 길이","zh":"单机网络命名空间：veth 基线与 iptables 规则链长度"},"latest":"2026-11-21","versions":[{"version":"2026-11-21","collectedAt":"2026-11-21T23:52:28Z","sourceKind":"measured","platform":"Linux network namespaces (veth pair)"}]};
export const loadVersion = (version) => import(`./${version}.json`).then((m) => m.default);
export default {manifest, current, loadVersion};