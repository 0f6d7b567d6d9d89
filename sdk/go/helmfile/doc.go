// Run helmfile state through Pulumi: one resource per helmfile release, rendered by the real helm.
package helmfile
