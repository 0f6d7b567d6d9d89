values "${x}" {
}
