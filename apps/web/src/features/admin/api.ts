import { callApi, routesOf } from '../../lib/api-client';

const routes = routesOf('adminApi');

const data = async <T>(request: Promise<{ data: T }>) => (await request).data;

export const adminApi = {
  session: () => data(callApi(routes.session)),
  login: (email: string, password: string) => data(callApi(routes.login, { body: { email, password } })),
  logout: () => data(callApi(routes.logout)),
};
