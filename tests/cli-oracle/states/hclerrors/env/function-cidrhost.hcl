values {
  a = cidrhost("10.0.0.0/8", 99999999999)
}
