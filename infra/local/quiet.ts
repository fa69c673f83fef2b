// Imported first by the local entry points: Node 20 is this machine's runtime, Lambdas run Node 22+.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
