export { SvcWalletProviderService } from "./svc-wallet"
export { SvcFpxProviderService } from "./svc-fpx"
export { SvcFpxDirectProviderService } from "./svc-fpx-direct"
