import current from './2026-02-09.json';
export const manifest = {"suite":"eks-cni","title":{"en":"Amazon EKS: VPC CNI and Cilium across five datapath setups","ko":"Amazon EKS: 다섯 가지 데이터패스 구성으로 본 VPC CNI와 Cilium","zh":"Amazon EKS:五种数据路径配置下的 VPC CNI 与 Cilium"},"latest":"2026-02-09","versions":[{"version":"2026-02-09","collectedAt":"2026-02-09","sourceKind":"transcribed","platform":"Amazon EKS"}]};
export const loadVersion = (version) => import(`./${version}.json`).then((m) => m.default);
export default {manifest, current, loadVersion};