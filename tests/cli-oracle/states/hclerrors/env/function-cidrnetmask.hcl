values {
  a = cidrnetmask("1")
}
