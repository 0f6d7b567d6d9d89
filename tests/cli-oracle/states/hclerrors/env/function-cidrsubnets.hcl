values {
  a = cidrsubnets("10.0.0.0/8", 30)
}
