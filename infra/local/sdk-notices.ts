// Quiet the SDK notices that are not about this product: cognito-local loads SDK v2, and the v3
// clients warn on Node 20 about releases after January 2027 (Lambda runs Node 22). Imported first,
// before any SDK module reads these variables.
process.env.AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE ??= '1';
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

export {};
