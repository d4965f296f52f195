/** The event POST /hooks/svc emits; the plugin's webhook subscriber handles it (and core's payment.webhook_received). */
export const SVC_WEBHOOK_EVENT = "svc.webhook_received"
