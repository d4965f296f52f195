import type { RouteDef } from "../signed-api/router"

export const healthRoutes: RouteDef[] = [
  {
    method: "GET",
    path: "/v1/health",
    auth: "K",
    area: "health",
    handler: ({ engine }) => {
      const a = engine.state.account
      return {
        status: 200,
        body: {
          success: true,
          message: "API key is valid",
          account: { id: a.id, name: a.name, type: a.type, status: a.status },
        },
      }
    },
  },
]
