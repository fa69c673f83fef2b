export { loadConfig, getConfig, setConfig, resolveUrl } from './config';
export { registerAuthBridge, getAuthBridge, ME_QUERY_KEY, type AuthBridge } from './auth-bridge';
export { api, apiRequest, apiUrl, ApiError, isApiError, errorMessage, type RequestOptions } from './api';
