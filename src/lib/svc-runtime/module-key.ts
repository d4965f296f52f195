/**
 * The name the plugin's module (src/modules/svc: its tables) is registered under. Here as well as
 * in the module (src/modules/svc/index.ts, which imports nothing of the plugin), so that the
 * plugin's logic can resolve the module without importing it; the layout test
 * (src/__tests__/layout.spec.ts) checks that both say the same.
 */
export const SVC_MODULE = "svc"
