values {
  a = local.b
}
