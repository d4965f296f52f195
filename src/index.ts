// The package's root entry. Medusa loads the plugin's modules, providers, API
// routes, subscribers, jobs and admin extensions from their folders; code that
// only needs the svc API client imports `medusa-payment-svc/client`.
export {}
