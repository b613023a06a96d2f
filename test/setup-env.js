// n8n's logger prints every node error to the console; the tests read errors from the run results instead.
process.env.N8N_LOG_LEVEL = process.env.N8N_LOG_LEVEL || 'silent';
