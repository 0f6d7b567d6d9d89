values {
  a = cidrsubnets()
}
