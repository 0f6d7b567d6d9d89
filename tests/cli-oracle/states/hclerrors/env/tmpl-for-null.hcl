values {
  a = "%{ for x in null }y%{ endfor }"
}
