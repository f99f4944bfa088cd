// Manage the configuration of a Chatwoot (or API-compatible) customer-support platform as code.
package chatwoot
