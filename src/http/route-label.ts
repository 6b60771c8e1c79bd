/** What the request's hooks note about its route, for its metrics. */
interface LabelledContext {
  /** The route pattern (`GET /api/v1/leads/:id`), set by the REST plugin; raw paths would make a label per id. */
  route?: string;
}

/** Labels a request by the route pattern it matched, so the number of metric series stays bounded whatever clients send. */
export const noteRoute = (serverContext: object, route: string) => {
  (serverContext as LabelledContext).route = route;
};

export const routeOf = (serverContext: object): string | undefined => (serverContext as LabelledContext).route;
