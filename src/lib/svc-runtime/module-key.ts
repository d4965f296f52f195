/**
 * The name the plugin's module (src/modules/svc: its tables) is registered under. Here, not in
 * the module, so that the plugin's logic can resolve the module without importing it: the
 * module's startup hook imports the logic (the health probe, the account runtime), and the
 * layout test (src/__tests__/layout.spec.ts) keeps the folders free of cycles.
 */
export const SVC_MODULE = "svc"
